// Billing-period quotas on the in-process store (UsageLedger + MemoryLimitStore).
import { quotaSuite } from '../../support/limits/quota-suite.js';

quotaSuite('memory');
