import { type PageResult, recycleData, type SpaceInfo, spaceInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { dataOf, skipPasswordChange, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { createFileLinks, FILE_LINK_SECONDS } from './file-links.js';
import { PNG, upload } from './upload.fixtures.js';

const PASSWORD = 'private-files-1';
const SPACE = spaceInfo.prefix;
/** A workbook as the content check sees one (a zip); its bytes stand for a customer list. */
const WORKBOOK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('name,phone\nWang,13912345678\n')]);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SIGNED = /^\/upload\/\d{8}\/[0-9a-f-]{36}\.xlsx\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

/*
 * Documents and spreadsheets are private (issue 35 §6): a clerk's customer workbook is served
 * through a signed link that expires, or to a signed-in reader the file space allows, and to
 * nobody else; images stay public by their address.
 */
describe.each(testTargets())('private files on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const tokens: Record<string, string> = {};

  async function signIn(username: string) {
    const user = dataOf(
      await t.post<PageResult<{ id: number; username: string }>>(
        '/admin/base/sys/user/page',
        { page: 1, size: 20, keyWord: username },
        admin,
      ),
    ).list.find((u) => u.username === username);
    if (!user) throw new Error(`no seeded ${username}`);
    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, password: PASSWORD }, admin));
    await skipPasswordChange(t, username);
    tokens[username] = (await t.login(username, PASSWORD)).token;
  }

  /** GET of a file address as a browser's new tab sends it (no Authorization), or with a session. */
  const open = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const canonical = (url: string) => url.split('?', 1)[0] ?? '';

  async function uploadWorkbook(token: string, name = 'customers.xlsx'): Promise<string> {
    const reply = await upload(t, token, [{ filename: name, content: WORKBOOK, type: XLSX }]);
    expect(reply.status, reply.raw).toBe(200);
    return String(reply.body.data);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    for (const username of ['store1.clerk1', 'store1.clerk2', 'store1.manager', 'store2.clerk1'])
      await signIn(username);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers the uploader a signed link; the bare address serves nothing without a session', async () => {
    const url = await uploadWorkbook(tokens['store1.clerk1'] as string);
    expect(url).toMatch(SIGNED);
    const signed = await open(url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(WORKBOOK)).toBe(true);
    expect(signed.headers['content-disposition']).toBe('attachment');
    expect(signed.headers['cache-control']).toBe('private, no-store');
    const bare = await open(canonical(url));
    expect(bare.statusCode).toBe(404);
    expect(JSON.parse(bare.body)).toMatchObject({ code: 1001 });
    expect(bare.body).not.toContain('Wang');
  });

  it('refuses an expired link, a tampered one and one made for another file, as a missing file', async () => {
    const url = await uploadWorkbook(tokens['store1.clerk1'] as string);
    const other = await uploadWorkbook(tokens['store1.clerk1'] as string, 'other.xlsx');
    const missing = await open('/upload/20200101/00000000-0000-0000-0000-000000000000.xlsx');
    expect(missing.statusCode).toBe(404);
    const links = createFileLinks(t.ctx.vault, t.ctx.config.upload.baseUrl);
    // Made by this install's key, but two lifetimes ago: expired an hour since.
    const expired = links.readable(canonical(url), Date.now() - 2 * FILE_LINK_SECONDS * 1000);
    expect(expired).toMatch(SIGNED);
    const signature = new URL(url, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = url.replace(signature, flipped);
    const longer = url.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 86_400}`);
    // The other file's signature and expiry on this file's path.
    const elsewhere = `${canonical(url)}?${other.split('?')[1]}`;
    for (const refused of [expired, tampered, longer, elsewhere, `${canonical(url)}?expires=9999999999`]) {
      const reply = await open(refused);
      expect(reply.statusCode, refused).toBe(404);
      expect(reply.body).toBe(missing.body);
    }
    expect((await open(other)).statusCode).toBe(200);
  });

  it('keeps an image public by its address', async () => {
    const reply = await upload(t, tokens['store1.clerk1'], [
      { filename: 'prize.png', content: PNG, type: 'image/png' },
    ]);
    const url = String(dataOf(reply));
    expect(url).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.png$/);
    const served = await open(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('the space keeps the bare address and its page answers a working signed link', async () => {
    const clerk = tokens['store1.clerk1'] as string;
    const url = await uploadWorkbook(clerk);
    const { id } = dataOf(
      await t.post<{ id: number }>(`${SPACE}/add`, { url, name: 'customers.xlsx', type: 'excel', size: 10 }, clerk),
    );
    const stored = await t.ctx.db.loose.selectFrom('space_info').select('url').where('id', '=', id).executeTakeFirst();
    expect(stored?.url).toBe(canonical(url));
    const page = dataOf(await t.post<PageResult<SpaceInfo>>(`${SPACE}/page`, { page: 1, size: 100 }, clerk));
    const listed = page.list.find((r) => r.id === id)?.url ?? '';
    expect(listed).toMatch(SIGNED);
    expect(canonical(listed)).toBe(canonical(url));
    const served = await open(listed);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(WORKBOOK)).toBe(true);
    const info = dataOf(await t.get<SpaceInfo>(`${SPACE}/info`, { id }, clerk));
    expect((await open(info.url)).statusCode).toBe(200);
  });

  it('serves the bare address to a signed-in reader the space allows, and to no other session', async () => {
    const clerk = tokens['store1.clerk1'] as string;
    const url = canonical(await uploadWorkbook(clerk));
    dataOf(await t.post(`${SPACE}/add`, { url, name: 'mine.xlsx', type: 'excel', size: 10 }, clerk));
    expect((await open(url, clerk)).statusCode).toBe(200);
    expect((await open(url, tokens['store1.manager'])).statusCode).toBe(200);
    expect((await open(url, admin)).statusCode).toBe(200);
    // Another store's clerk, and a clerk of the same store, see only their own files.
    const missing = await open('/upload/20200101/00000000-0000-0000-0000-000000000000.xlsx');
    for (const other of ['store2.clerk1', 'store1.clerk2']) {
      const reply = await open(url, tokens[other]);
      expect(reply.statusCode, other).toBe(404);
      expect(reply.body).toBe(missing.body);
    }
    expect((await open(url, 'not-a-token')).statusCode).toBe(404);
  });

  it('answers a row written before private files a signed link at read time, and after a restore', async () => {
    const url = canonical(await uploadWorkbook(admin));
    const now = formatTime();
    // As an earlier release stored it: the bare address.
    const id = await insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, 'space_info', {
      url,
      name: 'old.xlsx',
      type: 'excel',
      size: 10,
      version: 1,
      createTime: now,
      updateTime: now,
    });
    const listedUrl = async () =>
      dataOf(await t.post<PageResult<SpaceInfo>>(`${SPACE}/page`, { page: 1, size: 100 }, admin)).list.find(
        (r) => r.id === id,
      )?.url ?? '';
    const before = await listedUrl();
    expect(before).toMatch(SIGNED);
    expect((await open(before)).statusCode).toBe(200);

    dataOf(await t.post(`${SPACE}/delete`, { ids: [id] }, admin));
    const record = dataOf(
      await t.post<PageResult<{ id: number }>>(`${recycleData.prefix}/page`, { page: 1, size: 1 }, admin),
    ).list[0];
    dataOf(await t.post(`${recycleData.prefix}/restore`, { ids: [record?.id] }, admin));
    const after = await listedUrl();
    expect(after).toMatch(SIGNED);
    expect((await open(after)).statusCode).toBe(200);
    expect((await open(canonical(after))).statusCode).toBe(404);
  });
});
