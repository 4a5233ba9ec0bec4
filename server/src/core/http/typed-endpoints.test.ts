import { type InputOf, type ResultOf, sysDepartment, sysUser, type taskInfo } from '@backroom/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { endpointOf } from './server.js';

/*
 * The declarations type every call site: `tsc` (npm run typecheck) fails on each line marked
 * @ts-expect-error below if a misspelt action, field or body ever compiles again.
 */
describe('endpoints typed by their declaration', () => {
  it('knows each entity’s actions, and refuses a misspelt one', () => {
    expect(endpointOf(sysUser, 'move').url).toBe('/admin/base/sys/user/move');
    // @ts-expect-error: sysUser declares no action "mvoe"
    expect(() => endpointOf(sysUser, 'mvoe')).toThrow(/declares no endpoint "mvoe"/);
    // @ts-expect-error: a department serves no `page` (its declaration lists add, delete, update, list)
    expect(sysDepartment.api.page).toBeUndefined();
  });

  it('gives handlers the validated input and checks what they answer', () => {
    expectTypeOf<InputOf<typeof sysUser.api.move>>().toEqualTypeOf<{ departmentId: number; userIds: number[] }>();
    expectTypeOf<InputOf<typeof taskInfo.api.start>>().toEqualTypeOf<{ id: number }>();
    type Page = ResultOf<typeof sysUser.api.page>;
    expectTypeOf<Page['list'][number]['username']>().toEqualTypeOf<string>();
    expectTypeOf<Page['list'][number]['departmentName']>().toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error: the password hash is never part of a row
    expectTypeOf<Page['list'][number]['password']>().toBeString();
    // @ts-expect-error: no column "nmae"
    expectTypeOf<Page['list'][number]['nmae']>().toBeString();
  });
});
