import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppContext } from './context.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { machinesRoutes } from './features/machines/machines.routes.js';
import { productRoutes } from './features/products/products.routes.js';
import { statsRoutes } from './features/stats/stats.routes.js';
import { voteRoutes } from './features/votes/votes.routes.js';
import { suggestionRoutes } from './features/suggestions/suggestions.routes.js';
import { vendingIssueRoutes } from './features/vending-issues/vending-issues.routes.js';
import { votePageRoutes } from './features/vote-page/vote-page.routes.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';

export interface AppOptions {
  context: AppContext;
  sessionSecret: string;
  redis?: Redis;
  /** The built web app (dist/web); served with a single-page fallback when present. */
  webDir?: string;
  trustProxy?: boolean;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

/** Largest JSON body accepted; uploads get their own limit on their own routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: Fastify also parses text/plain by default, which a cross-site form may send
  // without a preflight; without a parser it is answered 415.
  app.removeContentTypeParser('text/plain');
  app.decorate('ctx', options.context);

  // Once closing, answers ask the client to drop the connection, so an open keep-alive socket
  // does not hold the shutdown back until it times out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandling(app, options.webDir);
  // Phones on mobile networks pay for every byte: pages, scripts and larger JSON go compressed.
  // Brotli at a middle quality: nearly its best size for a fraction of the CPU of quality 11.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie, { secret: options.sessionSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // After helmet, so refused requests carry the security headers too.
  registerSameOriginCheck(app, [new URL(options.context.publicUrl).origin]);
  await registerRateLimits(app, options.redis);

  await app.register(authRoutes);
  await app.register(votePageRoutes, { webDir: options.webDir });
  await app.register(machinesRoutes);
  await app.register(productRoutes);
  await app.register(voteRoutes);
  await app.register(statsRoutes);
  await app.register(suggestionRoutes);
  await app.register(vendingIssueRoutes);

  if (options.webDir && existsSync(join(options.webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      wildcard: false,
      index: false,
      // Source maps would hand out the app's source; the build emits none, and a stray one stays private.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        // Vite names built assets by content hash, so they never change under the same name.
        const immutable = filePath.includes(`${join(options.webDir!, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
