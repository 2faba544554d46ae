import {
  OperationNodeTransformer,
  RawNode,
  type KyselyPlugin,
  type LimitNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The casts written, so that a subquery's, transformed already when it was made a node, is not cast twice. */
const casts = new WeakSet<object>();

class CastLimits extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    if (casts.has(node.limit)) return node;
    const limit = RawNode.create(['cast(', ' as integer)'], [this.transformNode(node.limit)]);
    casts.add(limit);
    return { ...node, limit };
  }
}

/**
 * Writes every `LIMIT ?` as `LIMIT cast(? as integer)`. SQLite (3.4x) plans with the value bound to a bare
 * `LIMIT ?` and so marks the statement to be prepared again whenever that parameter is bound, which is on
 * every run: a cached statement was parsed and planned anew on each request, half the cost of a match
 * list page. Through the cast the planner sees an expression and the statement is reused; the value and
 * the result are the same.
 */
export class SqliteLimitPlugin implements KyselyPlugin {
  readonly #castLimits = new CastLimits();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#castLimits.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
