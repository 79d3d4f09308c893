// Packets encoded during one event-loop turn go out together: each connection collects its packets and writes
// them in one call when the turn ends (setImmediate runs after the turn's I/O callbacks). A fan-out of a burst of
// publishes then costs one socket write per subscriber instead of one per packet; the write syscall was the
// largest single cost of a delivery (≈40% of the node's busy time at 2k in / 20k out).

export interface Flushable {
  flush(): void;
}

const queue: Flushable[] = [];
let armed = false;

function flushAll(): void {
  armed = false;
  // a flush may queue more (a write callback writing again): the loop reads the length each time
  for (let i = 0; i < queue.length; i++) queue[i].flush();
  queue.length = 0;
}

/** flush `c` at the end of this turn; call once per batch (when its first packet is queued) */
export function scheduleFlush(c: Flushable): void {
  queue.push(c);
  if (!armed) {
    armed = true;
    setImmediate(flushAll);
  }
}
