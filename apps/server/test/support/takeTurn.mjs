// A piscina worker for the thread pools' order test: answers its task's number once the task is released.
export default async ({ n, gate }) => {
  const flag = new Int32Array(gate);
  // The first task holds the thread until the test has queued the rest behind it.
  if (n === 0) Atomics.wait(flag, 0, 0);
  return n;
};
