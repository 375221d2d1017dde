import { ErrorDetailSchema } from '@vigil/contracts';

/** OpenAPI security of routes behind app.authenticate (`Authorization: JWT <token>`). */
export const JWT_SECURITY = [{ jwt: [] }];

/** Answers of a signed-in route that checks role (403). */
export const AUTH_RESPONSES = { 401: ErrorDetailSchema, 403: ErrorDetailSchema };

/** Answers of a signed-in route that checks role (403) and tenant or existence (404). */
export const DENIED_RESPONSES = { ...AUTH_RESPONSES, 404: ErrorDetailSchema };

/** For answers of many points (graphs, up to 1,500 a series): plain JSON.stringify, not a schema check of each. */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
