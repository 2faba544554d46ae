import { Kind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ConfigError } from './config-error.js';
import {
  EnvironmentSchema,
  type EnvironmentVariables,
  type VariableName,
  type VariableSchema,
} from './environment-schema.js';

type Env = Record<string, string | undefined>;

/**
 * Decodes the environment through EnvironmentSchema, once: each variable set is turned from its text
 * into the schema's type, defaults fill the others, and the first value the schema refuses is a
 * ConfigError naming its variable (the command line exits 1 with it).
 */
export function readEnvironment(env: Env): EnvironmentVariables {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of variables()) {
    const raw = env[name];
    if (raw === undefined || (raw === '' && !schema.keepEmpty)) continue;
    values[name] = fromText(schema, raw);
  }
  Value.Default(EnvironmentSchema, values);
  const error = Value.Errors(EnvironmentSchema, values).First();
  if (error !== undefined) {
    const name = error.path.split('/')[1] as VariableName;
    throw new ConfigError(name, refusal(variableSchema(name), env[name] ?? ''));
  }
  return values as EnvironmentVariables;
}

/**
 * One value of a schema variable given under another name (`serve --workers` takes TOUCHLINE_WORKERS's
 * values): decoded and checked as the variable is, refused naming `label`.
 */
export function decodeVariable<N extends VariableName>(
  name: N,
  raw: string,
  label: string = name,
): Exclude<EnvironmentVariables[N], undefined> {
  const schema = variableSchema(name);
  const value = fromText(schema, raw);
  if (!Value.Check(schema, value)) throw new ConfigError(label, refusal(schema, raw));
  return value as Exclude<EnvironmentVariables[N], undefined>;
}

export function variables(): Array<[VariableName, VariableSchema]> {
  return Object.entries(EnvironmentSchema.properties) as Array<[VariableName, VariableSchema]>;
}

function variableSchema(name: VariableName): VariableSchema {
  return EnvironmentSchema.properties[name] as VariableSchema;
}

/**
 * The text of a variable as the schema's type. Stricter than TypeBox's own conversion on purpose, which
 * takes `0x10`, ` 5` or `1e3` for numbers: a number here is written in decimal digits only, so a value
 * the operator misspelt is refused rather than read as something else.
 */
function fromText(schema: TSchema, raw: string): unknown {
  switch (schema[Kind]) {
    case 'Integer':
      return /^\d+$/.test(raw) ? Number(raw) : raw;
    case 'Number':
      return /^(\d+(\.\d+)?|\.\d+)$/.test(raw) ? Number(raw) : raw;
    case 'Union': {
      const members = schema.anyOf as TSchema[];
      if (members.some((member) => member[Kind] === 'Literal' && member.const === raw)) return raw;
      for (const member of members) {
        const value = fromText(member, raw);
        if (value !== raw) return value;
      }
      return raw;
    }
    default:
      return raw;
  }
}

/** What a refused value is told: the variable's own message, or one made from its constraints. */
function refusal(schema: VariableSchema, raw: string): string {
  const shown =
    schema.echo === 'none'
      ? ''
      : `, got "${schema.echo === 'without-credentials' ? raw.replace(/\/\/[^@/]*@/, '//***@') : raw}"`;
  return `${schema.errorMessage ?? constraints(schema)}${shown}`;
}

function constraints(schema: TSchema): string {
  if (schema[Kind] === 'Integer') {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    if (minimum !== undefined && maximum !== undefined) {
      return `must be an integer between ${minimum} and ${maximum}`;
    }
    if (minimum === 1) return 'must be a positive integer';
    if (minimum === 0) return 'must be a whole number';
    return `must be an integer of at least ${minimum}`;
  }
  if (schema[Kind] === 'Union') {
    return `must be one of ${(schema.anyOf as TSchema[]).map((member) => member.const as string).join(', ')}`;
  }
  return `must match ${schema.pattern as string}`;
}
