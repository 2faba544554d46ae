import { Type, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable machine-readable code, e.g. invalid_parameter' }),
      message: Type.String(),
      details: Type.Record(Type.String(), Type.Unknown()),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error answer uses this envelope.' },
);

export const PaginationMeta = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100 }),
    request_id: Type.String(),
    has_more: Type.Boolean({ description: 'True when another page follows this one.' }),
  },
  { $id: 'PaginationMeta' },
);

export const CountedPaginationMeta = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100 }),
    request_id: Type.String(),
    has_more: Type.Boolean(),
    total: Type.Integer({ minimum: 0, description: 'Number of items matching the query over all pages.' }),
  },
  { $id: 'CountedPaginationMeta' },
);

export const NoQuery = Type.Object({}, { additionalProperties: false });

export const CountMeta = Type.Object({ count: Type.Integer({ minimum: 0 }) });

export const PageQuery = {
  // Bounded so (page - 1) * limit stays a safe integer the database accepts as an OFFSET.
  page: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    default: 1,
    description: 'One-indexed page number.',
  }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page, 1-100.' }),
};

/** Control characters (NUL among them) can be in no name; PostgreSQL refuses NUL in any text. */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

export const SearchQuery = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: NO_CONTROL_CHARACTERS,
  description: 'Case- and accent-insensitive substring of the name ("munchen" finds "Bayern München").',
});

export const Reference = Type.Object({ id: Type.String(), name: Type.String() });

/** Error answers every authenticated route can give, by status. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref(ErrorEnvelope)]));
