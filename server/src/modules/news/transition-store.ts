import type { FastifyInstance } from 'fastify';
import { newsFeeds } from '../../../../common/resources/news-feeds.js';
import type { NewsStatus } from '../../../../common/domains/news/model.js';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import type { TransitionStore, WorkflowRecord } from '../../lib/workflow/transitions-service.js';
import { findNewsDetails } from './repository.js';
import { approvedEvents, newsItemJson } from './service.js';

// The news table as the workflow's store (server/src/lib/workflow): the generic transition
// routes move an item's status as change-news-status does (same columns, same audit entity,
// same `news.approved` event), one item per transaction.

/** The item as the transitions answer it: the list's fields, its body and last comment. */
async function record(tx: Queryable, newsItemId: string): Promise<WorkflowRecord> {
  const row = await findNewsDetails(tx, { newsItemId });
  if (!row) throw new HttpError(404, 'newsNotFound');
  return { ...newsItemJson(row), body: row.body, comment: row.comment };
}

export function newsTransitionStore(fastify: FastifyInstance): TransitionStore {
  return {
    definition: newsFeeds,
    // change-news-status's entity: an item's history reads the same whichever route moved it.
    auditEntity: 'news',
    invalidCode: 'validation',
    transaction: (fn) => fastify.db.transaction(fn),

    async locked(tx, key, version) {
      const { rows } = await tx.query<{ version: number }>('SELECT version FROM news WHERE news_item_id = $1 FOR UPDATE', [key]);
      const current = rows[0];
      if (!current) throw new HttpError(404, 'newsNotFound');
      if (current.version !== version) throw new HttpError(409, 'staleEdit');
      return record(tx, key);
    },

    async write(tx, key, values, { before, actor }) {
      const status = values.newsStatus as NewsStatus;
      const comment = typeof values.comment === 'string' ? values.comment : null;
      await tx.query(
        `UPDATE news SET news_status = $2, status_comment = $3, updated_at = now(), updated_by = $4 WHERE news_item_id = $1`,
        [key, status, comment, actor.username],
      );
      // An item that becomes APPROVED (not one that already was) tells finview's event rules, in this transaction.
      if (status === 'APPROVED' && before.newsStatus !== 'APPROVED' && fastify.domainEvents.listened('news.approved')) {
        await fastify.domainEvents.emit(tx, 'news.approved', await approvedEvents(tx, [key]));
      }
      return record(tx, key);
    },

    // What change-news-status's audit rows keep.
    snapshot: (item) => ({ tableName: item.tableName, newsStatus: item.newsStatus, comment: item.comment ?? null }),
  };
}
