// Per-minute limits on the Redis store at 127.0.0.1:6379 (RedisLimitStore).
import { rateLimitSuite } from '../../support/limits/rate-limit-suite.js';

rateLimitSuite('redis');
