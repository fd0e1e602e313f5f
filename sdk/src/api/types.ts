import type { ApiData } from './typed-client.ts';

/** Shapes of the API answers the shell reads, named from the routes' own schemas (the typed client's route map). */
export type UserInfo = ApiData<'/api/user/info'>;
export type Router = UserInfo['routers'][number];
export type SiteChoice = UserInfo['sites'][number];
export type OnlineUser = ApiData<'/api/online/list'>[number];
