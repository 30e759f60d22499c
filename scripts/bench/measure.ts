/**
 * What `npm run bench` samples while a build runs in its child process: the file watches it holds and the
 * resident memory of its process tree (Linux; elsewhere they count nothing).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Counts this process's inotify watches every 100 ms (Linux: one `inotify wd:` line per watch in the
 * fdinfo of an inotify descriptor); the most seen. Elsewhere it counts nothing.
 */
export function watchCounter(): { readonly most: number; stop(): void } {
  let most = 0;
  const count = () => {
    let n = 0;
    try {
      for (const fd of readdirSync('/proc/self/fd')) {
        try {
          if (readlinkSync(`/proc/self/fd/${fd}`) !== 'anon_inode:inotify') continue;
          n += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8')
            .split('\n')
            .filter((line) => line.startsWith('inotify wd:')).length;
        } catch {
          // closed while being read
        }
      }
    } catch {
      return;
    }
    most = Math.max(most, n);
  };
  const timer = setInterval(count, 100);
  return {
    get most() {
      return most;
    },
    stop() {
      count();
      clearInterval(timer);
    },
  };
}

/**
 * Samples every 50 ms the resident memory of this process and of its child processes together (Linux:
 * `VmRSS` of each in /proc, the children found through each thread's `children`); the most seen. A build's
 * child processes, if it starts any, count with it.
 */
export function treeRssCounter(): { readonly most: number; stop(): void } {
  let most = 0;
  const rssOf = (pid: number): number => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      let sum = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${pid}/task`))
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) sum += rssOf(Number(child));
      return sum;
    } catch {
      return 0; // ended while being read, or not Linux
    }
  };
  const sample = () => {
    most = Math.max(most, rssOf(process.pid));
  };
  const timer = setInterval(sample, 50);
  return {
    get most() {
      return most;
    },
    stop() {
      sample();
      clearInterval(timer);
    },
  };
}
