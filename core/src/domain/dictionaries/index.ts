export { dictionaryLabel, isDictionaryFallback, matchDictionaryItem, type DictionaryChoice } from './labels.ts';
