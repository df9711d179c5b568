// How the clients bench prints its figures.

export function us(value: number): string {
  return `${value.toFixed(1)} µs`;
}

export function times(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

export function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${us(value)}`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 100) / 100;
}
