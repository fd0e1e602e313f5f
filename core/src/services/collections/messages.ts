/** Every message key the favourites services throw. The catalog test reads it. */
export const COLLECTION_MESSAGE_KEYS = ['collection.type_invalid', 'collection.target_required', 'collection.project_not_found', 'collection.limit'] as const;

export type CollectionMessageKey = (typeof COLLECTION_MESSAGE_KEYS)[number];
