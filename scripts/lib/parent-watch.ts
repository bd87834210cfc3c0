/**
 * For a process npm starts (`exec node ...`, so that npm is its parent): npm forwards SIGINT and
 * SIGTERM, but not SIGHUP, and nothing once it is gone itself (killed, or its terminal closed).
 * `onParentGone` calls `stop` when the parent process changes (the process was re-parented), checked
 * every 500 ms.
 */
export function onParentGone(stop: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.error('npm (the parent process) is gone; stopping.');
    stop();
  }, 500);
  timer.unref();
}
