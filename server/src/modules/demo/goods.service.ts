import { demoGoods, richTextMediaAllowed } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { mediaBasesOf, richTextSanitizer } from '../base/index.js';
import { joinOwnerNickName } from './goods.repository.js';

export type GoodsService = CrudService;

/**
 * The CRUD demo's goods: the standard calls, with the owner (the operator who adds a row) set by
 * the server, the description kept as rich text under the parameters' allow-list (sanitised as it
 * is stored), and pictures only from our own storage, as rich text's are.
 */
export function createGoodsService(ctx: AppContext): GoodsService {
  const bases = mediaBasesOf(ctx.config);
  const sanitize = richTextSanitizer(bases);
  const assertOurPicture = (url: unknown, field: typeof demoGoods.columns.mainImage.label) => {
    if (typeof url === 'string' && url !== '' && !richTextMediaAllowed(url, bases)) {
      throw badRequest('demo.pictureOutside', { field, value: url.slice(0, 100) });
    }
  };
  return createCrud(ctx, demoGoods, {
    setCreator: true,
    join: joinOwnerNickName,
    joinedOrder: { nickName: 'u.nickName' },
    async beforeWrite(data) {
      assertOurPicture(data.mainImage, demoGoods.columns.mainImage.label);
      if (Array.isArray(data.exampleImages)) {
        for (const url of data.exampleImages) assertOurPicture(url, demoGoods.columns.exampleImages.label);
      }
      if (typeof data.description !== 'string') return data;
      return { ...data, description: await sanitize(data.description) };
    },
  });
}
