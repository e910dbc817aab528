// The page's CSP refuses eval (apps/server/src/http/securityHeaders.ts): zod must know before any
// schema of @app/contract or @app/design is built, so this module is main.tsx's first import.
import { validateWithoutEval } from '@app/contract/validation';

validateWithoutEval();
