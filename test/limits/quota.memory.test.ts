// Billing-period quotas on the in-process store (UsageLedger + MemoryLimitStore).
import { quotaSuite } from './support/quota-suite.js';

quotaSuite('memory');
