// Per-minute limits on the in-process store (UsageLedger + MemoryLimitStore).
import { rateLimitSuite } from './support/rate-limit-suite.js';

rateLimitSuite('memory');
