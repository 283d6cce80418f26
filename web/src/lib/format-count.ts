/**
 * 12345 -> '12,345' (Nigerian English groups thousands with commas), for whole
 * counts. Not Intl.NumberFormat: building the first one costs ICU about 30 ms on
 * this machine, 120 ms on Lighthouse's slowed-down phone, in the middle of the first
 * render (Total Blocking Time), to put commas in a number.
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
