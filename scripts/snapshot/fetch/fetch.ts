/**
 * The fetch phase: every request of a due collection through the source, at most `concurrency` at once,
 * each body validated as it arrives. The source retries what is worth retrying; an answer that still
 * fails, or a body that breaks the contract, marks its collection failed, so the release keeps that
 * part's last good files. A circuit breaker stops the run when the upstream refuses the credentials or
 * cannot be reached several times in a row, instead of walking the whole plan.
 */
import type { DriftIssue } from '../../api/schemas/drift.ts';
import { describeRequest } from '../../api/redact.ts';
import { interrupted, SnapshotError } from '../errors.ts';
import { silentProgress, type Progress } from '../../shared/progress.ts';
import type { Source } from '../source/source.ts';
import { pool } from '../../shared/pool.ts';
import { validateBody, whereOf } from './validate.ts';
import type { BrokenRecords, Collection, FetchFailure, Fetched } from '../model.ts';

/** 401 answers in a row that stop a run: the credentials were revoked or are wrong. */
export const AUTH_BREAKER = 3;
/** Requests in a row that could not connect to the upstream (each after its retries) that stop a run. */
export const NETWORK_BREAKER = 5;

/** A request the build's deadline kept from starting. */
const CUT: FetchFailure = {
  kind: 'upstream',
  reason: "not asked: the build's deadline was reached (config deadline)",
  short: "not asked: the build's deadline was reached",
  cut: true,
};

type Answer =
  | { body: unknown; drift: DriftIssue[]; broken?: BrokenRecords; dropped?: string[] }
  | { forbidden: true }
  | { failure: FetchFailure };

export class Fetcher {
  readonly #source: Source;
  readonly #run: ReturnType<typeof pool>;
  readonly #progress: Progress;
  readonly #isDue: (c: Collection) => boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #cutoff: AbortSignal | undefined;
  readonly #clock: number;
  #refused = 0;
  #unreachable = 0;
  /** Requests made so far, whatever their answer: the month's ledger counts them all. */
  made = 0;

  constructor(
    source: Source,
    options: {
      concurrency: number;
      progress?: Progress;
      isDue: (c: Collection) => boolean;
      /** The build's clock (ms since 1970): the dates of a body keep to windows around it. */
      clock: number;
      signal?: AbortSignal;
      /** The build's deadline: once aborted, no request starts and every one left fails as cut. */
      cutoff?: AbortSignal;
    },
  ) {
    this.#source = source;
    this.#signal = options.signal;
    this.#cutoff = options.cutoff;
    this.#clock = options.clock;
    this.#run = pool(options.concurrency);
    this.#progress = options.progress ?? silentProgress;
    this.#isDue = options.isDue;
  }

  /** Tells the progress how many requests the due collections of `collections` will make. */
  announce(collections: readonly Collection[]): void {
    this.#progress.total(collections.reduce((n, c) => n + (this.#isDue(c) ? c.requests.length : 0), 0));
  }

  async fetchAll(collections: Collection[]): Promise<Fetched[]> {
    this.announce(collections);
    return Promise.all(collections.map((c) => this.fetch(c)));
  }

  /** Fetches one collection, or reports it carried when its refresh interval has not passed. */
  async fetch(c: Collection): Promise<Fetched> {
    const base = { collection: c, bodies: [], notFound: 0, drift: [] };
    if (!this.#isDue(c)) return { ...base, state: 'carried', requests: 0 };
    const answers = await Promise.all(c.requests.map((request) => this.#run(() => this.#answer(c, request))));
    const made = c.requests.length;
    const notFound = answers.filter((a) => 'body' in a && a.body === undefined).length;
    const failed = answers.find((a): a is { failure: FetchFailure } => 'failure' in a);
    if (failed) return { ...base, state: 'failed', failure: failed.failure, notFound, requests: made };
    if (answers.some((a) => 'forbidden' in a))
      return { ...base, state: 'forbidden', notFound, requests: made };
    const drift = answers.flatMap((a) => ('drift' in a ? a.drift : []));
    const broken = new Map(answers.flatMap((a) => ('broken' in a && a.broken ? [...a.broken] : [])));
    const dropped = answers.flatMap((a) => ('dropped' in a && a.dropped ? a.dropped : []));
    return {
      ...base,
      state: 'ok',
      bodies: answers.map((a) => ('body' in a ? a.body : undefined)),
      notFound,
      requests: made,
      drift,
      ...(broken.size > 0 ? { broken } : {}),
      ...(dropped.length > 0 ? { dropped } : {}),
    };
  }

  async #answer(c: Collection, request: Collection['requests'][number]): Promise<Answer> {
    const label = () => describeRequest(this.#source.target(request), this.#source.secrets);
    try {
      // a stopped run starts no request; the ones under way end with the source's own check of the signal
      if (this.#signal?.aborted) throw interrupted(this.#signal);
      if (this.#cutoff?.aborted) return { failure: CUT };
      this.made++;
      const response = await this.#source.fetch(request);
      this.#unreachable = 0;
      this.#refused = response.status === 401 ? this.#refused + 1 : 0;
      if (this.#refused >= AUTH_BREAKER) {
        throw new SnapshotError(
          'upstream_auth',
          `the upstream answered 401 to ${AUTH_BREAKER} requests in a row (the last: ${label()}); the credentials were refused during the run, so it stopped and published nothing`,
        );
      }
      if (response.status === 200) {
        // bytes that are not the text they declare: refused as a body that is not JSON is
        const result = response.defect
          ? { ok: false as const, reason: response.defect }
          : validateBody(c, response.body, this.#clock);
        if (!result.ok)
          return {
            failure: {
              kind: 'contract',
              reason: `${whereOf(c)}: ${result.reason}`,
              short: result.reason.replace(/^the body /, ''),
            },
          };
        return {
          body: result.body,
          drift: result.drift,
          ...(result.broken ? { broken: result.broken } : {}),
          ...(result.dropped ? { dropped: result.dropped } : {}),
        };
      }
      if (response.status === 404 && c.allowNotFound) return { body: undefined, drift: [] };
      if (response.status === 403) return { forbidden: true };
      return {
        failure: {
          kind: 'upstream',
          reason: `HTTP ${response.status} from ${label()}`,
          short: `HTTP ${response.status}`,
        },
      };
    } catch (error) {
      // only the upstream's faults keep last good copies; anything else is a defect and stops the run
      const upstreamFault =
        error instanceof SnapshotError &&
        ['upstream_network', 'upstream_http', 'upstream_unreachable'].includes(error.code);
      if (upstreamFault) {
        // only failures to connect at all count towards the breaker: a hang or reset on one path does not
        this.#unreachable = error.code === 'upstream_unreachable' ? this.#unreachable + 1 : this.#unreachable;
        if (this.#unreachable >= NETWORK_BREAKER) {
          throw new SnapshotError(
            'upstream_unreachable',
            `${NETWORK_BREAKER} requests in a row could not connect to the upstream (the last: ${error.message}); the run stopped and published nothing`,
            { cause: error },
          );
        }
        return {
          failure: {
            kind: 'upstream',
            reason: error.message,
            short: error.message.replace(/^\[GET\] "[^"]*": /, ''),
            ...(this.#cutoff?.aborted ? { cut: true } : {}),
          },
        };
      }
      throw error;
    } finally {
      this.#progress.tick();
    }
  }
}
