const pad = (n: number) => String(n).padStart(2, '0');

/** A time the API gives in epoch seconds (e.g. `createtime`), as YYYY-MM-DD HH:mm:ss in the browser's time zone. */
export function formatDateTime(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
