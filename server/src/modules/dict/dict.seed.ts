import { DICT_LABEL_COLUMNS, type Label, LOCALES, type Locale, label } from '@backroom/contract';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId } from '../../core/db/index.js';

type StarterItem = { name: Label; value: string; remark?: Label; children?: StarterItem[] };
/** A dictionary type with its items, as a module seeds it, named in every language (SEED_LOCALE picks one). */
export type StarterDictionary = { key: string; name: Label; items: StarterItem[] };

/**
 * The dictionaries a new install starts with. `goodsType` labels the demo goods' type (its values
 * are numbers, as the goods store them); the others are what a store network's screens ask for.
 */
export const STARTER_DICTIONARIES: readonly StarterDictionary[] = [
  {
    key: 'goodsType',
    name: label('商品分类', '商品分類', 'Goods category'),
    items: [
      {
        name: label('生鲜', '生鮮', 'Fresh food'),
        value: '1',
        children: [
          { name: label('水果', '水果', 'Fruit'), value: '11' },
          { name: label('蔬菜', '蔬菜', 'Vegetables'), value: '12' },
          { name: label('肉禽蛋', '肉禽蛋', 'Meat, poultry and eggs'), value: '13' },
        ],
      },
      {
        name: label('食品饮料', '食品飲料', 'Food and drink'),
        value: '2',
        children: [
          { name: label('休闲零食', '休閒零食', 'Snacks'), value: '21' },
          { name: label('酒水饮料', '酒水飲料', 'Beverages'), value: '22' },
        ],
      },
      { name: label('日用百货', '日用百貨', 'Household goods'), value: '3' },
      { name: label('个护美妆', '個護美妝', 'Personal care and beauty'), value: '4' },
      { name: label('家电数码', '家電數位', 'Appliances and electronics'), value: '5' },
    ],
  },
  {
    key: 'storeType',
    name: label('门店类型', '門市類型', 'Store type'),
    items: [
      { name: label('直营店', '直營店', 'Company-owned'), value: 'direct' },
      { name: label('加盟店', '加盟店', 'Franchise'), value: 'franchise' },
      { name: label('社区店', '社區店', 'Neighbourhood'), value: 'community' },
      { name: label('旗舰店', '旗艦店', 'Flagship'), value: 'flagship' },
    ],
  },
  {
    key: 'paymentMethod',
    name: label('支付方式', '支付方式', 'Payment method'),
    items: [
      { name: label('现金', '現金', 'Cash'), value: 'cash' },
      { name: label('微信支付', '微信支付', 'WeChat Pay'), value: 'wechat' },
      { name: label('支付宝', '支付寶', 'Alipay'), value: 'alipay' },
      { name: label('银行卡', '銀行卡', 'Bank card'), value: 'card' },
      {
        name: label('会员储值', '會員儲值', 'Member balance'),
        value: 'stored',
        remark: label('会员卡余额支付', '會員卡餘額支付', 'Paid from the member card balance'),
      },
    ],
  },
  {
    key: 'customerSource',
    name: label('客户来源', '客戶來源', 'Customer source'),
    items: [
      { name: label('到店自然客流', '到店自然客流', 'Walk-in'), value: 'walkIn' },
      { name: label('老客户转介绍', '老客戶轉介紹', 'Referral'), value: 'referral' },
      { name: label('电话邀约', '電話邀約', 'Phone invitation'), value: 'phone' },
      { name: label('线上活动', '線上活動', 'Online campaign'), value: 'online' },
    ],
  },
];

/**
 * The starter dictionaries, into an empty dictionary: a new install gets them. It runs once (a seed
 * step), so a dictionary an operator deletes later does not come back; an install that already has
 * dictionaries (release 0.1.0 made them with its tables) keeps exactly what it has.
 */
export async function insertStarterDictionaries(trx: Db, kind: DbKind, locale: Locale): Promise<void> {
  if (await asLoose(trx).selectFrom('dict_type').select('id').limit(1).executeTakeFirst()) return;
  await insertDictionaries(trx, kind, STARTER_DICTIONARIES, locale);
}

/** The demo goods' type dictionary (the demo module seeds it on installs that started without it). */
export const GOODS_TYPE_DICTIONARY = STARTER_DICTIONARIES.find((type) => type.key === 'goodsType') as StarterDictionary;

/** An item's label columns (dict_info nameZhCn, nameZhTw, nameEn) from its seeded name. */
const labelColumns = (name: Label): Record<string, string> =>
  Object.fromEntries(LOCALES.map((locale) => [DICT_LABEL_COLUMNS[locale], name[locale]]));

/**
 * Dictionary types with their items, named in the seed language and labelled in every UI language,
 * each one whose key the install does not have yet (another module's dictionaries, added by its
 * seed step; a type the operator already made stays theirs).
 */
export async function insertDictionaries(
  trx: Db,
  kind: DbKind,
  types: readonly StarterDictionary[],
  locale: Locale,
): Promise<void> {
  const db = asLoose(trx);
  const now = formatTime();
  const insertItems = async (typeId: number, items: readonly StarterItem[], parentId: number | null) => {
    for (const [index, item] of items.entries()) {
      const id = await insertReturningId(db, kind, 'dict_info', {
        typeId,
        name: item.name[locale],
        ...labelColumns(item.name),
        value: item.value,
        orderNum: index + 1,
        remark: item.remark?.[locale] ?? null,
        parentId,
        createTime: now,
        updateTime: now,
      });
      if (item.children) await insertItems(typeId, item.children, id);
    }
  };
  for (const type of types) {
    const taken = await db.selectFrom('dict_type').select('id').where('key', '=', type.key).executeTakeFirst();
    if (taken) continue;
    const typeId = await insertReturningId(db, kind, 'dict_type', {
      name: type.name[locale],
      key: type.key,
      createTime: now,
      updateTime: now,
    });
    await insertItems(typeId, type.items, null);
  }
}

/**
 * The labels of seeded items on an install seeded before items had them (an upgrade): an item of a
 * seeded type that still holds the seeded value and one of the seeded names (in any language: the
 * install's SEED_LOCALE picked one) and no label yet gets the seeded labels. An item an operator
 * renamed, added or labelled keeps what it has.
 */
export async function fillDictionaryLabels(trx: Db, types: readonly StarterDictionary[]): Promise<void> {
  const db = asLoose(trx);
  const fill = async (typeId: number, items: readonly StarterItem[]) => {
    for (const item of items) {
      await db
        .updateTable('dict_info')
        // Not an operator's edit: its updateTime stays.
        .set(labelColumns(item.name))
        .where('typeId', '=', typeId)
        .where('value', '=', item.value)
        .where('name', 'in', [...new Set(LOCALES.map((locale) => item.name[locale]))])
        .where('nameZhCn', 'is', null)
        .where('nameZhTw', 'is', null)
        .where('nameEn', 'is', null)
        .execute();
      if (item.children) await fill(typeId, item.children);
    }
  };
  for (const type of types) {
    const found = (await db.selectFrom('dict_type').select('id').where('key', '=', type.key).executeTakeFirst()) as
      | { id: number }
      | undefined;
    if (found) await fill(Number(found.id), type.items);
  }
}

/** The seed step that labels a module's seeded dictionaries on an install seeded before labels (once). */
export function dictionaryLabelsSeed(module: string, types: readonly StarterDictionary[]) {
  return {
    module,
    name: 'dictionary-labels',
    when: { once: '1' },
    run: (trx: Db) => fillDictionaryLabels(trx, types),
  } as const;
}
