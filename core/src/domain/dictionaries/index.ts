export { dictionaryLabel, matchDictionaryItem, type DictionaryChoice } from './labels.ts';
