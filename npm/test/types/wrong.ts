// Must NOT type-check (types.test.mjs): proves the checks above can fail.
import { validateText } from 'mcpwire';

validateText('2025-11-25', 'CallToolResult', 42);
