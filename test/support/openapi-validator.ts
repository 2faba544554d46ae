import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

// ajv-formats is CommonJS with a default export; under NodeNext its default is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export interface HeaderObject {
  required?: boolean;
  schema: object;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, { schema: object; example?: unknown }>;
}
export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: { default?: unknown };
}
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, object>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
  security: unknown[];
}

const JSON_MEDIA = 'application/json';
const CALENDAR_MEDIA = 'text/calendar';
/** A JSON pointer token (RFC 6901). */
const token = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Validates answers against an OpenAPI 3.1 document with a JSON Schema 2020-12 validator (its dialect):
 * the status among those the operation declares, the body against that response's schema (its `$ref`s
 * resolved within the document), and every declared header: present when required, of its schema when
 * present. Each failure is a message; none means the answer is what the document says.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi');
  }

  operation(path: string, method = 'get'): OperationObject {
    const operation = this.document.paths[path]?.[method];
    if (!operation) throw new Error(`no ${method} ${path} in the document`);
    return operation;
  }

  /** Validates `value` against the schema at `pointer` (JSON pointer tokens) in the document. */
  check(pointer: readonly string[], value: unknown): string[] {
    const ref = `openapi#/${pointer.map(token).join('/')}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  header(name: string, declared: HeaderObject | { $ref: string }): HeaderObject {
    if ('$ref' in declared) return this.document.components.headers[declared.$ref.split('/').pop()!]!;
    return declared;
  }

  /** What is wrong with `res` as an answer of `method path`, by the document. */
  validate(path: string, res: LightMyRequestResponse, method = 'get'): string[] {
    const status = String(res.statusCode);
    const response = this.operation(path, method).responses[status];
    if (!response) return [`status ${status} is not declared (body ${res.body.slice(0, 200)})`];
    const problems: string[] = [];
    const base = ['paths', path, method, 'responses', status];
    if (response.content?.[JSON_MEDIA]) {
      if (!String(res.headers['content-type']).startsWith(JSON_MEDIA)) {
        problems.push(`content-type ${res.headers['content-type']}, not JSON`);
      } else {
        const errors = this.check([...base, 'content', JSON_MEDIA, 'schema'], res.json());
        problems.push(...errors.map((e) => `body: ${e}`));
      }
    } else if (response.content?.[CALENDAR_MEDIA]) {
      // A calendar feed: its media type; that it is valid iCalendar is test/api/calendar-feeds.test.ts's.
      if (!String(res.headers['content-type']).startsWith(CALENDAR_MEDIA)) {
        problems.push(`content-type ${res.headers['content-type']}, not iCalendar`);
      }
    } else if (res.body !== '') {
      problems.push(`a body where none is declared: ${res.body.slice(0, 100)}`);
    }
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const header = this.header(name, declared);
      const raw = res.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required) problems.push(`header ${name} is required but absent`);
        continue;
      }
      const text = String(raw);
      // Header values are text: an integer header holds digits, validated as the number they spell.
      const value =
        (header.schema as { type?: string }).type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
      const errors = this.ajv.validate(header.schema, value) ? [] : (this.ajv.errors ?? []);
      problems.push(...errors.map((e) => `header ${name}=${text}: ${e.message}`));
    }
    return problems;
  }
}
