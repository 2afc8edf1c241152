import { samplesForMs } from "../../audio";
import { takeFirstLowest } from "../../queue-order";
import type { Decoder, LanguageModel } from "../pocketsphinx";

/** Audio handed to a decoder in one native call at most, so a catching-up lease cannot hold its lane for long. */
export const MAX_BATCH_SAMPLES = samplesForMs(500);

/**
 * When a task's result is wanted: the time its turn ended (performance.now()), or Infinity while the
 * visitor is still speaking. Read each time the lane picks its next task, so a turn that ends moves
 * the tasks it already has waiting to the front.
 */
export type Urgency = () => number;

const STREAMING: Urgency = () => Number.POSITIVE_INFINITY;

type LaneTask = { run: () => Promise<unknown> | unknown; urgency: Urgency; queuedAt: number; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * One model and the decoders sharing it; runs their native calls one at a time. The next task is
 * the one whose turn ended first, then the streaming ones in the order they came: a reply waits
 * for its own turn's decoding, and a turn still being spoken can catch up in bigger batches
 * later. In first-come order, with the lanes busy, a turn that had ended waited behind other
 * calls' streaming batches, its transcript missed its deadline and the visitor heard "you're
 * breaking up" (DESIGN.md, "Decoding"). A lease's own tasks stay in order: it queues each only
 * after the one before has run.
 */
export class Lane {
  decoders = 0;
  /** Decoders of this lane currently leased. */
  leased = 0;
  private readonly queue: LaneTask[] = [];
  private busy = false;
  private busyMsDone = 0;
  private runningSince: number | null = null;

  constructor(
    readonly model: LanguageModel,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Wall time spent running tasks since the lane was made, the task running now included: what
   * admission measures the decoders' load by (server/capacity.ts). Wall time, not CPU time, so
   * that other work sharing the cores shows as load too.
   */
  get busyMs(): number {
    return this.busyMsDone + (this.runningSince === null ? 0 : this.now() - this.runningSince);
  }

  /** How long the oldest task queued has waited (0 when none waits): decoding falling behind real time. */
  get oldestWaitMs(): number {
    if (this.queue.length === 0) return 0;
    return this.now() - Math.min(...this.queue.map((task) => task.queuedAt));
  }

  /** Tasks queued and not started yet (a task running now is not counted). */
  get waiting(): number {
    return this.queue.length;
  }

  run<T>(task: () => Promise<T> | T, urgency: Urgency = STREAMING): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: task, urgency, queuedAt: this.now(), resolve: resolve as (value: unknown) => void, reject });
      if (this.busy) return;
      this.busy = true;
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    const takeMostUrgent = () => takeFirstLowest(this.queue, (task) => task.urgency());
    for (let next = takeMostUrgent(); next; next = takeMostUrgent()) {
      this.runningSince = this.now();
      try {
        next.resolve(await next.run());
      } catch (error) {
        next.reject(error);
      } finally {
        this.busyMsDone += this.now() - this.runningSince;
        this.runningSince = null;
      }
    }
    this.busy = false;
  }
}

export type PooledDecoder = { decoder: Decoder; lane: Lane };
