/**
 * The private state read from its file with its list of files in a `FileIndex` (file-index.ts), and the
 * state that makes that list an object only for a caller that reads it.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { FileIndex } from './file-index.ts';
import { FileState, State } from './state.ts';

/**
 * Reads a state file with its list of files in a `FileIndex`, never as one string nor as an object per
 * file (a build of 833,000 files would hold a gigabyte of them): the text is read a megabyte at a time,
 * each entry of `files` is parsed on its own as it ends, and the rest (a few kilobytes) is parsed at the end.
 * The state's `files` is made only for a caller that asks for it. A missing or unreadable file, or one
 * that breaks the schema anywhere, means "no previous build".
 */
export async function readIndexedState(
  path: string,
): Promise<{ head: Omit<State, 'files'>; files: FileIndex } | undefined> {
  const files = new FileIndex();
  const reader = new StateReader(files);
  try {
    const decoder = new StringDecoder('utf8');
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }))
      reader.read(decoder.write(chunk as Buffer));
    reader.read(decoder.end());
    const result = reader.broken ? undefined : State.safeParse(JSON.parse(reader.rest));
    if (!result?.success) return undefined;
    const { files: _none, ...head } = result.data;
    return { head, files };
  } catch {
    return undefined;
  }
}

/**
 * A state whose `files` are made from `index()` when first read: a list of 833,000 files is built only for
 * a caller that asks for it, and the state holds no index of its own (whoever holds the index may let go).
 */
export function withIndexedFiles(head: Omit<State, 'files'>, index: () => FileIndex): State {
  let list: Record<string, FileState> | undefined;
  return {
    ...head,
    get files() {
      return (list ??= Object.fromEntries(index().entries()));
    },
  };
}

/** The scanner of `readIndexedState`: JSON's strings and nesting, enough to find where each file's entry ends. */
class StateReader {
  /** The text but the entries of `files`. */
  rest = '';
  broken = false;
  readonly #files: FileIndex;
  #entry = '';
  #depth = 0;
  #inString = false;
  #escaped = false;
  #inFiles = false;
  #seenFiles = false;
  /** The last string of the top level (a key, or a value), and the part of one still being read. */
  #lastKey = '';
  #key: string | undefined;

  constructor(files: FileIndex) {
    this.#files = files;
  }

  read(text: string): void {
    let from = 0;
    let keyFrom = this.#key === undefined ? -1 : 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === 0x5c) this.#escaped = true;
        else if (c === 0x22) {
          this.#inString = false;
          if (keyFrom >= 0) {
            this.#lastKey = this.#key + text.slice(keyFrom, i);
            this.#key = undefined;
            keyFrom = -1;
          }
        }
        continue;
      }
      if (c === 0x22) {
        this.#inString = true;
        if (this.#depth === 1) {
          this.#key = '';
          keyFrom = i + 1;
        }
      } else if (c === 0x7b || c === 0x5b) {
        this.#depth++;
        if (this.#depth === 2 && c === 0x7b && this.#lastKey === 'files' && !this.#seenFiles) {
          this.rest += text.slice(from, i + 1);
          from = i + 1;
          this.#inFiles = this.#seenFiles = true;
        }
      } else if (c === 0x7d || c === 0x5d) {
        if (this.#inFiles && this.#depth === 2) {
          this.#entry += text.slice(from, i);
          this.#add();
          from = i;
          this.#inFiles = false;
        }
        this.#depth--;
      } else if (c === 0x2c && this.#inFiles && this.#depth === 2) {
        this.#entry += text.slice(from, i);
        this.#add();
        from = i + 1;
      }
    }
    if (this.#inFiles) this.#entry += text.slice(from);
    else this.rest += text.slice(from);
    if (keyFrom >= 0) this.#key += text.slice(keyFrom);
  }

  /** One entry of `files`, `"path":{…}`, into the index. */
  #add(): void {
    const text = this.#entry;
    this.#entry = '';
    if (text.trim() === '') return;
    const entry = Object.entries(JSON.parse(`{${text}}`) as Record<string, unknown>);
    const result = entry.length === 1 ? FileState.safeParse(entry[0]![1]) : undefined;
    if (result?.success) this.#files.set(entry[0]![0], result.data);
    else this.broken = true;
  }
}
