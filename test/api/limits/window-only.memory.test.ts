// Window-only requests (usage checks, 304s) on the in-process store (UsageLedger + MemoryLimitStore).
import { windowOnlySuite } from '../../support/limits/window-only-suite.js';

windowOnlySuite('memory');
