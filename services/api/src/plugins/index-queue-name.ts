/** Name of the BullMQ queue the indexer worker consumes. */
export const INDEX_QUEUE_NAME = 'index';
