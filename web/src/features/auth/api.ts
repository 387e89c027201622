import type {
  LoginRequest,
  Profile,
  ResetChangeRequest,
  ResetRequest,
  ResetResponse,
  ResetValidateRequest,
} from '#contract/auth';
import { api } from '../../api/api';

/** The calls of the login area (docs/product.md, "Calls"). The logout lives in web/src/api/session.ts. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Profile, LoginRequest>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
    }),
    resetRequest: build.mutation<ResetResponse, ResetRequest>({
      query: (body) => ({ url: 'reset/request', method: 'POST', body }),
    }),
    resetValidate: build.mutation<ResetResponse, ResetValidateRequest>({
      query: (body) => ({ url: 'reset/validate', method: 'POST', body }),
    }),
    resetChange: build.mutation<ResetResponse, ResetChangeRequest>({
      query: (body) => ({ url: 'reset/change', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useResetRequestMutation, useResetValidateMutation, useResetChangeMutation } =
  authApi;
