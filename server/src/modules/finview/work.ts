import type { FastifyInstance } from 'fastify';

/**
 * The finview queues this instance works (renders, rule ticks, retention) when the server has a
 * job queue. Placeholder until its helper builds it (docs/finview.md).
 */
export async function startFinviewWork(_fastify: FastifyInstance): Promise<void> {}
