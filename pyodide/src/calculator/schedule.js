// Giving the page its turn: long work on the main thread is cut into short tasks (issue 25), so that a
// tap or a scroll never waits behind it. nextTurn() resolves in a new task: scheduler.yield() where the
// browser has it (the rest of the work keeps its place ahead of other scripts' tasks), else a timer.
export function nextTurn() {
  const s = globalThis.scheduler;
  if (s && typeof s.yield === "function") return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
