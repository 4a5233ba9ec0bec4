import { useState } from 'react';

/**
 * The last value that was set: what a dialog or drawer keeps showing while it closes, after the
 * screen let go of it (it stays mounted, so the focus goes back to the button that opened it).
 */
export function useHeld<T>(value: T | null | undefined): T | null {
  const [held, setHeld] = useState<T | null>(value ?? null);
  if (value !== null && value !== undefined && value !== held) setHeld(value);
  return value ?? held;
}
