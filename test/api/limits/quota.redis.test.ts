// Billing-period quotas on the Redis store at 127.0.0.1:6379 (RedisLimitStore).
import { quotaSuite } from '../../support/limits/quota-suite.js';

quotaSuite('redis');
