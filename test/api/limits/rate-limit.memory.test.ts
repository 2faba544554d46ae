// Per-minute limits on the in-process store (UsageLedger + MemoryLimitStore).
import { rateLimitSuite } from '../../support/limits/rate-limit-suite.js';

rateLimitSuite('memory');
