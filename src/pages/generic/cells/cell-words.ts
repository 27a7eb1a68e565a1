import type { i18n as I18n, TFunction } from 'i18next';
import { use } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

// A list draws a thousand cells and more: useTranslation in each made a copy of the i18n
// instance per cell (react-i18next's wrapper, Object.getOwnPropertyDescriptors) and subscribed
// each to language changes; it was the cells' largest cost in the render's profile. A cell reads
// the instance from the context instead and shares one fixed `t` per language. The page that
// draws the cells (list, show) re-renders them when the language changes, through its own
// useTranslation.

interface CellWords {
  t: TFunction;
  language: string;
}

const WORDS = new WeakMap<I18n, CellWords>();

export function useCellWords(): CellWords {
  const i18n = (use(I18nContext) as { i18n?: I18n } | undefined)?.i18n ?? getI18n();
  let words = WORDS.get(i18n);
  if (words?.language !== i18n.language) {
    words = { t: i18n.getFixedT(i18n.language), language: i18n.language };
    WORDS.set(i18n, words);
  }
  return words;
}
