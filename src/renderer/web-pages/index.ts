/** The open web pages feature (SPEC §2 /password, /verify-email): links from emails, in any browser. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { WebPagesService } from './webPagesService.js';

export type WebPagesFeature = Feature<'webPages', WebPagesService>;

export function createWebPagesFeature(core: Core): WebPagesFeature {
  return { name: 'webPages', service: new WebPagesService(core.api), stores: [], start() {}, stop() {} };
}

export const useWebPages = () => useFeatureService<WebPagesService>('webPages');
