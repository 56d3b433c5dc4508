/** The input test feature (SPEC §2 /mouse-test): keyboard and mouse testers. */
import { useFeatureService, type Feature } from '../core/feature.js';
import { InputTestService } from './inputTestService.js';
import { useInputTestStore } from './inputTestStore.js';

export type InputTestFeature = Feature<'inputTest', InputTestService>;

export function createInputTestFeature(): InputTestFeature {
  return { name: 'inputTest', service: new InputTestService(), stores: [useInputTestStore], start() {}, stop() {} };
}

export const useInputTest = () => useFeatureService<InputTestService>('inputTest');
