import { CODE } from '@backroom/contract';

export function ok(data: unknown): { code: 1000; message: 'success'; data?: unknown } {
  return data === undefined
    ? { code: CODE.success, message: 'success' }
    : { code: CODE.success, message: 'success', data };
}
