import { endpointOf, sysParam, sysUser } from '@backroom/contract';
import { isValidElement } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { call } from '../request';
import { CrudPage, type CrudRowOf, type FieldOf, type FormValuesOf } from './CrudPage';
import { testGoods } from './test-goods';

/*
 * The declarations type every key a screen writes. `tsc -p web` (npm run typecheck) fails on each
 * line marked @ts-expect-error below if a misspelt column, field, filter or endpoint ever compiles
 * again; vitest runs the file for the few things that are also true at run time.
 */
describe('a CrudPage typed by its entity', () => {
  it('takes only the row’s keys as columns, and gives render that key’s value', () => {
    const page = (
      <CrudPage
        entity={sysUser}
        columns={[
          { key: 'username', render: (value) => value.toUpperCase() },
          { key: 'departmentName' },
          { key: 'createTime' },
          // @ts-expect-error: a user row has no "nmae"
          { key: 'nmae' },
          // @ts-expect-error: the password hash is never part of a row
          { key: 'password' },
          // @ts-expect-error: status is a number, it has no toUpperCase
          { key: 'status', render: (value) => value.toUpperCase() },
        ]}
        fields={[]}
      />
    );
    expect(isValidElement(page)).toBe(true);
  });

  it('takes only what add and update accept as fields, and types the values', () => {
    const fields: FieldOf<typeof testGoods>[] = [
      { name: 'price', when: (values) => (values.stock ?? 0) > 0 },
      { name: 'images', parse: (input) => [String(input)] },
      // @ts-expect-error: testGoods has no "prcie"
      { name: 'prcie' },
      // @ts-expect-error: a joined field is read, never written
      { name: 'shopName' },
    ];
    expect(fields).toHaveLength(4);
    // A user's write fields (roleIdList, the new password) are fields too.
    const userFields: FieldOf<typeof sysUser>[] = [{ name: 'roleIdList' }, { name: 'password' }];
    expect(userFields).toHaveLength(2);
    expectTypeOf<FormValuesOf<typeof testGoods>['status']>().toEqualTypeOf<0 | 1 | undefined>();
  });

  it('types filters, overrides, defaults and the row callbacks', () => {
    const page = (
      <CrudPage
        entity={testGoods}
        filters={[
          { name: 'status', label: 'Status', options: [] },
          // @ts-expect-error: "title" is searched by keyword, it is no equality filter
          { name: 'title', label: 'Title', options: [] },
        ]}
        overrides={{
          price: { column: { render: (value) => value.toFixed(2) } },
          // @ts-expect-error: no key "prcie" to override
          prcie: { title: 'Cost' },
        }}
        defaults={{ status: 1, onSale: false }}
        rowActions={(row) => row.title.trim()}
        rowDeletable={(row) => row.status === 0}
      />
    );
    expect(isValidElement(page)).toBe(true);
    expectTypeOf<CrudRowOf<typeof sysParam>['dataType']>().toEqualTypeOf<0 | 1 | 2>();
  });
});

describe('the typed client', () => {
  it('knows each endpoint by its declaration', () => {
    expect(endpointOf(testGoods, 'publish').url).toBe('/admin/demo/goods/publish');
    // @ts-expect-error: testGoods declares no action "pubilsh"
    expect(() => endpointOf(testGoods, 'pubilsh')).toThrow(/declares no endpoint/);
    // Never called: these lines are here for the compiler.
    const calls = () => [
      // @ts-expect-error: sysUser declares no endpoint "mvoe"
      call(sysUser.api.mvoe, { departmentId: 1, userIds: [2] }),
      // @ts-expect-error: the move body needs the users to move
      call(sysUser.api.move, { departmentId: 1 }),
      // @ts-expect-error: a page asks for a number of rows, not words
      call(sysUser.api.page, { size: 'twenty' }),
    ];
    expect(typeof calls).toBe('function');
  });

  it('types each answer by the declared output', () => {
    const page = () => call(sysUser.api.page, { page: 1, size: 20, status: 1 });
    type Page = Awaited<ReturnType<typeof page>>;
    expectTypeOf<Page['list'][number]['username']>().toEqualTypeOf<string>();
    expectTypeOf<Page['pagination']['total']>().toEqualTypeOf<number>();
    const keep = () => call(sysParam.api.info, { id: 1 });
    expectTypeOf<Awaited<ReturnType<typeof keep>>['keyName']>().toEqualTypeOf<string>();
    const moved = () => call(sysUser.api.move, { departmentId: 1, userIds: [2] });
    expectTypeOf<Awaited<ReturnType<typeof moved>>>().toEqualTypeOf<undefined>();
    expect(typeof page).toBe('function');
  });
});
