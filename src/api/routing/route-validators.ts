import AjvCompiler from '@fastify/ajv-compiler';

/** A validator as Fastify compiles it: true when valid, coercing and filling defaults in place. */
export type Validate = (data: unknown) => boolean;

type BuildValidator = ReturnType<typeof AjvCompiler>;

/**
 * Fastify's own validator compiler (Ajv, with the app's Ajv options), recording each function it
 * compiles by route and part: the read fast path validates with the very functions the routes use, so
 * the two can never disagree on what a valid parameter is or what its coerced value is.
 */
export class RouteValidators {
  private readonly compiled = new Map<string, Validate>();
  private readonly base: BuildValidator = AjvCompiler();

  /** For Fastify's `schemaController.compilersFactory.buildValidator`. */
  readonly buildValidator = ((externalSchemas, options) => {
    const compile = this.base(externalSchemas, options);
    return (route: { method: string; url: string; httpPart: string; schema: unknown }) => {
      const validate = compile(route as never) as unknown as Validate;
      this.compiled.set(`${route.method} ${route.url} ${route.httpPart}`, validate);
      return validate;
    };
  }) as BuildValidator;

  /** The function validating `part` (params, querystring) of a route; undefined when it has no schema. */
  get(method: string, url: string, part: 'params' | 'querystring'): Validate | undefined {
    return this.compiled.get(`${method} ${url} ${part}`);
  }
}
