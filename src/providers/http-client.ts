import type { AxiosInstance, AxiosResponse, AxiosStatic, ResponseType } from 'axios';
import { RC_KEY_HEADER } from '../../common/protocol/constants';
import { parseRcKey } from '../../common/protocol/entity';
import type { SealedHeaders, SealInput } from '../../common/protocol/types';
import { DEFAULT_ANONYMOUS_PATHS, isAnonymous } from './anonymous-paths';
import { ApiError, isApiError, serverMessageOf, validationErrorsOf } from './http-error';
import type { SessionStore } from './session-store';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the client needs from a sealer; tests inject a fake one. */
export interface SealerLike {
  seal(input: SealInput): Promise<SealedHeaders>;
}

export interface HttpRequest {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  /** Relative to the API base ("/login"), or absolute. */
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: ResponseType;
  /**
   * The caller is ending the session itself (logout): a failure must not
   * announce a second, alarming session end.
   */
  endingSession?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
  header(name: string): string | undefined;
}

export interface HttpClient {
  readonly baseURL: string;
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
  /** The server's public key, fetched once and kept with the session. */
  ensurePublicKey(): Promise<string>;
}

export interface HttpClientOptions {
  baseURL: string;
  session: SessionStore;
  translate: Translate;
  /** Defaults to the protocol's sealer, loaded on first use so the login page never downloads it. */
  sealer?: SealerLike | (() => Promise<SealerLike>);
  axiosInstance?: AxiosInstance;
}

// Gateways answer these when the UI service is down or slow; without an rc-key
// the answer did not come from the service, so the session is still good.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function createHttpClient({
  baseURL,
  session,
  translate: t,
  sealer,
  axiosInstance,
}: HttpClientOptions): HttpClient {
  // Every status comes back as an answer: the rules below, not axios, decide what is an error.
  // axios loads with the first request, not with the login page (it is not needed to draw it).
  let instance: Promise<AxiosInstance> | undefined;
  const axiosOf = () => {
    instance ??= axiosInstance
      ? Promise.resolve(axiosInstance)
      : loadAxios().then(
          (axios) => axios.create({ baseURL, validateStatus: () => true }),
          (error: unknown) => {
            instance = undefined;
            throw error;
          },
        );
    return instance;
  };
  const sealerPromise = lazySealer(sealer);
  let publicKeyRequest: Promise<string> | undefined;

  function endSession(error: ApiError, request: HttpRequest): ApiError {
    if (request.endingSession) session.end();
    else session.end(error);
    return error;
  }

  async function sealHeaders(request: HttpRequest): Promise<SealedHeaders> {
    const user = session.currentUser();
    const accessToken = session.accessToken();
    const rcKey = session.rcKey();
    const publicKeyPem = session.publicKey();
    const storageError = () => new ApiError(t('errors.storage'), 401, { sessionEnded: true });
    // No user and no token: the session is over (a sign-out, or an end already announced) and
    // this is a late request of the page being left. Nothing is broken, so nothing to announce.
    if (!user && !accessToken) throw new ApiError(t('errors.unauthorized'), 401, { sessionEnded: true });
    // Part of it missing is what SPEC.md's "Internal Storage Error" is for (a public key gone).
    if (!user || !accessToken || !rcKey || !publicKeyPem) throw endSession(storageError(), request);
    let active: SealerLike;
    try {
      active = await sealerPromise();
    } catch {
      // The sealer's code did not download: a network problem, not a broken session.
      throw new ApiError(t('errors.generic'), 0);
    }
    try {
      return await active.seal({
        username: user.username,
        userId: user.user_id,
        accessToken,
        rcKey,
        publicKeyPem,
      });
    } catch {
      // The stored material cannot seal (malformed key, unreadable PEM): only a new login repairs it.
      throw endSession(storageError(), request);
    }
  }

  function anonymous(request: HttpRequest): boolean {
    const entries = session.currentUser()?.anonymous_paths;
    const list = entries && entries.length > 0 ? entries : DEFAULT_ANONYMOUS_PATHS;
    return isAnonymous(request.method, request.url, list, baseURL);
  }

  async function request<T>(request: HttpRequest): Promise<HttpResponse<T>> {
    const sealed = !anonymous(request);
    const headers = { ...request.headers, ...(sealed ? await sealHeaders(request) : {}) };

    let response: AxiosResponse<unknown>;
    try {
      response = await (await axiosOf()).request({
        method: request.method,
        url: request.url,
        params: request.params,
        data: request.data,
        headers,
        signal: request.signal,
        responseType: request.responseType,
      });
    } catch (error) {
      const axios = await loadAxios().catch(() => undefined);
      if (axios?.isCancel(error)) throw error;
      // No answer at all: the newest key is still valid, so the session stays.
      throw new ApiError(t('errors.generic'), 0);
    }

    const header = (name: string): string | undefined => {
      const value: unknown = response.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    };
    const rcKey = header(RC_KEY_HEADER);
    const hasRcKey = rcKey !== undefined && parseRcKey(rcKey) !== null;
    if (sealed && hasRcKey) session.offerRcKey(rcKey);

    const { status, data } = response;
    if (status === 401) {
      const error = new ApiError(serverMessageOf(data, t) ?? t('errors.unauthorized'), 401, { sessionEnded: sealed });
      throw sealed ? endSession(error, request) : error;
    }
    if (GATEWAY_STATUSES.has(status) && !hasRcKey) throw new ApiError(t('errors.generic'), status);
    if (sealed && !hasRcKey) {
      throw endSession(new ApiError(t('errors.server'), status >= 500 ? status : 500, { sessionEnded: true }), request);
    }
    if (status >= 200 && status < 300) return { status, data: data as T, header };
    throw new ApiError(serverMessageOf(data, t) ?? t('errors.http', { status }), status, {
      errors: validationErrorsOf(data, t),
      body: data,
    });
  }

  async function ensurePublicKey(): Promise<string> {
    const stored = session.publicKey();
    if (stored) return stored;
    publicKeyRequest ??= request<{ publicKey?: unknown }>({ method: 'get', url: '/publicKey' })
      .then(({ data }) => {
        if (typeof data.publicKey !== 'string' || !data.publicKey.includes('PUBLIC KEY')) {
          throw new ApiError(t('errors.server'), 500);
        }
        session.setPublicKey(data.publicKey);
        return data.publicKey;
      })
      .finally(() => {
        publicKeyRequest = undefined;
      });
    return publicKeyRequest;
  }

  return { baseURL, request, ensurePublicKey };
}

let axiosModule: Promise<AxiosStatic> | undefined;
function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import('axios').then((module) => module.default).catch((error: unknown) => {
    // A failed download must not stick: the next request tries again.
    axiosModule = undefined;
    throw error;
  });
  return axiosModule;
}

let protocolSealer: Promise<SealerLike> | undefined;
/** The protocol's sealer, one per page however many clients (data providers) seal with it. */
export function loadProtocolSealer(): Promise<SealerLike> {
  protocolSealer ??= import('../protocol/sealer')
    .then(({ createSealer }) => createSealer())
    .catch((error: unknown) => {
      protocolSealer = undefined;
      throw error;
    });
  return protocolSealer;
}

function lazySealer(sealer: HttpClientOptions['sealer']): () => Promise<SealerLike> {
  if (sealer && typeof sealer === 'object') return () => Promise.resolve(sealer);
  const load = sealer ?? loadProtocolSealer;
  let loading: Promise<SealerLike> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk download must not stick: the next request tries again.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export { ApiError, isApiError };
