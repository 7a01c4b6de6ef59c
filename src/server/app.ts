import { accountDataRoutes } from './features/account-data/account-data.routes.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppContext } from './context.js';
import { accountRoutes, authPublicRoutes } from './features/auth/auth.routes.js';
import { contactAdminRoutes, contactPublicRoutes } from './features/contact/contact.routes.js';
import { machinePublicRoutes, machineRoutes } from './features/machines/machines.routes.js';
import { qrCodeRoutes } from './features/machines/qr-codes.routes.js';
import { productPublicRoutes, productRoutes } from './features/products/products.routes.js';
import { productImportRoutes } from './features/product-import/product-import.routes.js';
import { statsPublicRoutes, statsRoutes } from './features/stats/stats.routes.js';
import { suggestionPublicRoutes, suggestionRoutes } from './features/suggestions/suggestions.routes.js';
import { vendingIssuePublicRoutes, vendingIssueRoutes } from './features/vending-issues/vending-issues.routes.js';
import { votePageRoutes } from './features/vote-page/vote-page.routes.js';
import { voteOperatorRoutes, votePublicRoutes } from './features/votes/votes.routes.js';
import { httpTimeoutOptions } from './http-timeouts.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { isDraining, onDraining, registerGracefulClose } from './plugins/graceful-close.js';
import { healthRoutes } from './features/health/health.routes.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { LiveStreams } from './live/live-streams.js';
import { livePublicRoutes, liveRoutes } from './features/live/live.routes.js';
import { scanFunnelRoutes } from './features/scan-funnel/scan-funnel.routes.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { billingAdminRoutes } from './features/billing/billing-admin.routes.js';
import { adminUserRoutes } from './features/admin-users/admin-users.routes.js';
import { featureRequestAdminRoutes, featureRequestPublicRoutes } from './features/feature-requests/feature-requests.routes.js';
import { emailChangePublicRoutes, securityRoutes } from './features/security/security.routes.js';
import { twoFactorPublicRoutes, twoFactorRoutes } from './features/two-factor/two-factor.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { unsubscribeRoutes } from './features/notifications/unsubscribe.routes.js';
import { magnetAdminRoutes, magnetPublicRoutes, magnetRoutes, magnetWebhookRoutes } from './features/magnets/magnets.routes.js';
import { billingOperatorRoutes, billingPublicRoutes, billingWebhookRoutes } from './features/billing/billing.routes.js';
import { resourcesHubAdminRoutes, resourcesHubRoutes } from './features/resources-hub/resources-hub.routes.js';
import { marketingResourceAdminRoutes } from './features/marketing-resources/marketing-resources.routes.js';
import { educatorAdminRoutes, educatorRoutes } from './features/educators/educators.routes.js';
import { retailAffiliateAdminRoutes, retailAffiliateRoutes } from './features/retail-affiliates/retail-affiliates.routes.js';
import { purchaseListRoutes } from './features/stock/purchase-list.routes.js';
import { restockRoutes } from './features/stock/restocks.routes.js';
import { salesImportRoutes } from './features/sales/sales-imports.routes.js';
import { telemetryMappingRoutes } from './features/sales/telemetry-mappings.routes.js';
import { slotStockRoutes } from './features/stock/slot-stock.routes.js';
import { planogramRoutes } from './features/planograms/planograms.routes.js';
import { demandRoutes } from './features/demand/demand.routes.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';
import { registerTextCleaning } from './plugins/clean-text.js';
import { recordRoutes, routeScope } from './route-scopes.js';
import { fastifyTrustProxy, type TrustProxySetting } from './trust-proxy.js';
import { affiliateAdminRoutes, affiliatePublicRoutes, affiliateRoutes } from './features/affiliates/affiliates.routes.js';
import { analyticsRoutes } from './features/inventory-analytics/analytics.routes.js';
import { donationHubRoutes } from './features/donation-hub/donation-hub.routes.js';
import { exportRoutes } from './features/exports/exports.routes.js';
import { charityAdminRoutes } from './features/donation-hub/charity-import.routes.js';
import { registerReferralLinks } from './features/affiliates/referral-links.js';
import { registerOpenApi } from './features/api-docs/openapi.js';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes.js';
import { apiTokenRoutes } from './features/api-tokens/api-tokens.routes.js';
import { invitationRoutes, myTeamRoutes, teamRoutes } from './features/teams/teams.routes.js';
import { routeRoutes } from './features/route/route.routes.js';
import { shareLinkPublicRoutes, shareLinkRoutes } from './features/share-links/share-links.routes.js';
import { webhookRoutes } from './features/webhooks/webhooks.routes.js';
import { auditAccountRoutes, auditAdminRoutes } from './features/audit/audit.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-update streams this instance serves (features/live). */
    liveStreams: LiveStreams;
  }
}

export interface AppOptions {
  context: AppContext;
  sessionSecret: string;
  /** Earlier session secrets (SESSION_SECRET_FALLBACKS): cookies they signed are still read, never made. */
  previousSessionSecrets?: string[];
  redis?: Redis;
  /** The built web app (dist/web); served with a single-page fallback when present. */
  webDir?: string;
  /** TRUST_PROXY: which proxies may report the client's address (trust-proxy.ts). */
  trustProxy?: TrustProxySetting;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

/** Largest JSON body accepted; uploads get their own limit on their own routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    ...httpTimeoutOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: Fastify also parses text/plain by default, which a cross-site form may send
  // without a preflight; without a parser it is answered 415.
  app.removeContentTypeParser('text/plain');
  // The metrics come with the context when main.ts shares them with the jobs worker; else the app has its own.
  const metrics = options.context.metrics ?? new AppMetrics({ db: options.context.db });
  app.decorate('ctx', options.context.metrics ? options.context : { ...options.context, metrics });
  recordRoutes(app);
  registerRequestMetrics(app, metrics);

  registerGracefulClose(app);
  const liveStreams = new LiveStreams(options.context.live);
  app.decorate('liveStreams', liveStreams);
  onDraining(app, () => liveStreams.endAll());
  const stopCountingStreams = metrics.countLiveStreams(() => liveStreams.counts());
  app.addHook('onClose', async () => {
    stopCountingStreams();
    liveStreams.close();
  });

  registerErrorHandling(app, options.webDir);
  // Phones on mobile networks pay for every byte: pages, scripts and larger JSON go compressed.
  // Brotli at a middle quality: nearly its best size for a fraction of the CPU of quality 11.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // An array: the first secret signs, every one of them unsigns (secret rotation).
  await app.register(cookie, { secret: [options.sessionSecret, ...(options.previousSessionSecrets ?? [])] });
  registerSecurityHeaders(app);
  // After helmet, so refused requests carry the security headers too.
  registerSameOriginCheck(app, [new URL(options.context.publicUrl).origin]);
  await registerRateLimits(app, options.redis);
  registerTextCleaning(app);
  registerReferralLinks(app);
  // Before the route scopes: it learns of each route as it is added (GET /api/openapi.json).
  await registerOpenApi(app, options.context.publicUrl);

  // Every route lives in the scope that says who may call it (route-scopes.ts).
  await app.register(
    routeScope('public', [
      async (scope) => healthRoutes(scope, { isDraining: () => isDraining(app) }),
      authPublicRoutes,
      async (scope) => votePageRoutes(scope, { webDir: options.webDir }),
      machinePublicRoutes,
      productPublicRoutes,
      votePublicRoutes,
      statsPublicRoutes,
      suggestionPublicRoutes,
      vendingIssuePublicRoutes,
      billingPublicRoutes,
      contactPublicRoutes,
      magnetPublicRoutes,
      featureRequestPublicRoutes,
      emailChangePublicRoutes,
      twoFactorPublicRoutes,
      affiliatePublicRoutes,
      shareLinkPublicRoutes,
      apiDocsRoutes,
      livePublicRoutes,
      invitationRoutes,
    ]),
  );
  await app.register(routeScope('account', [accountRoutes, securityRoutes, twoFactorRoutes, auditAccountRoutes, accountDataRoutes, myTeamRoutes]));
  await app.register(
    routeScope('operator', [
      machineRoutes,
      qrCodeRoutes,
      productRoutes,
      productImportRoutes,
      voteOperatorRoutes,
      statsRoutes,
      suggestionRoutes,
      vendingIssueRoutes,
      billingOperatorRoutes,
      magnetRoutes,
      notificationRoutes,
      settingsRoutes,
      resourcesHubRoutes,
      educatorRoutes,
      retailAffiliateRoutes,
      restockRoutes,
      planogramRoutes,
      demandRoutes,
      purchaseListRoutes,
      telemetryMappingRoutes,
      analyticsRoutes,
      donationHubRoutes,
      exportRoutes,
      apiTokenRoutes,
      shareLinkRoutes,
      webhookRoutes,
      liveRoutes,
      scanFunnelRoutes,
      salesImportRoutes,
      slotStockRoutes,
      teamRoutes,
      routeRoutes,
    ]),
  );

  await app.register(routeScope('admin', [billingAdminRoutes, adminUserRoutes, contactAdminRoutes, magnetAdminRoutes, featureRequestAdminRoutes, resourcesHubAdminRoutes, educatorAdminRoutes, marketingResourceAdminRoutes, retailAffiliateAdminRoutes, affiliateAdminRoutes, charityAdminRoutes, auditAdminRoutes]));
  await app.register(routeScope('affiliate', [affiliateRoutes]));
  await app.register(routeScope('webhook', [billingWebhookRoutes, magnetWebhookRoutes, unsubscribeRoutes]));

  const { webDir } = options;
  if (webDir && existsSync(join(webDir, 'index.html'))) {
    const serveFiles = async (scope: FastifyInstance) => {
      await scope.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        decorateReply: false,
        // Source maps would hand out the app's source; the build emits none, and a stray one stays private.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders: (res, filePath) => {
          // Vite names built assets by content hash, so they never change under the same name.
          const immutable = filePath.includes(`${join(webDir, 'assets')}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    };
    await app.register(routeScope('files', [serveFiles]));
  }
  return app;
}

/**
 * Times every answer into the request histogram, by route pattern and status class. An event
 * stream's answer lasts as long as its tab stays open, so streams are counted by the live-stream
 * gauge instead.
 */
function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/event-stream')) {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
