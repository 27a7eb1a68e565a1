import { expect, it } from 'vitest';
import { API, describeEachDatabase } from '../helper';
import { EXCEL_API_KEY, get, newsCallers, NEWS_API, post, SHIPPED_CONFIG } from './news-helper';
import { ADMIN_PASSWORD, login } from '../helper';

const READS = ['/news', '/search-company?compName=a', '/companies', '/companies/1', '/news-details?newsItemId=1&tableName=news_feed'];

describeEachDatabase('news access', (suite) => {
  it('lets every role use news management', async () => {
    const { app, superAdmin, admin, analyst } = await newsCallers(suite);
    for (const session of [superAdmin, admin, analyst]) {
      expect((await get(app, session, '/news')).statusCode).toBe(200);
      expect((await get(app, session, '/companies')).statusCode).toBe(200);
      expect((await get(app, session, '/search-company', { compName: 'a' })).statusCode).toBe(200);
      expect((await get(app, session, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY })).statusCode).toBe(200);
      // Reached the handler: a validation answer, not 401/403/404.
      expect((await post(app, session, '/change-news-status', { items: [], newsStatus: 'APPROVED' })).statusCode).toBe(422);
      expect((await post(app, session, '/update-company', { companyId: '999999999' })).statusCode).toBe(404);
      expect((await get(app, session, '/companies/999999999')).json()).toMatchObject({ message: 'Company not found.' });
    }
  });

  it('answers 401 to a caller without a sealed session', async () => {
    const { app } = await newsCallers(suite);
    for (const url of READS) {
      const response = await app.inject({ method: 'GET', url: `${NEWS_API}${url}` });
      expect(response.statusCode, url).toBe(401);
    }
    const post401 = await app.inject({ method: 'POST', url: `${NEWS_API}/change-news-status`, payload: { items: [], newsStatus: 'APPROVED' } });
    expect(post401.statusCode).toBe(401);
  });

  it('answers 404 while the news menu entry is inactive, as in the shipped config', async () => {
    const app = await suite.build({ APP_CONFIG: SHIPPED_CONFIG });
    const superAdmin = await login(app, 'superadmin', ADMIN_PASSWORD);
    for (const url of ['/news', '/companies', '/companies/1', '/search-company']) {
      const response = await get(app, superAdmin, url, { compName: 'a' });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await post(app, superAdmin, '/change-news-status', { items: [], newsStatus: 'APPROVED' })).statusCode).toBe(404);
    expect((await get(app, superAdmin, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY })).statusCode).toBe(404);
    expect(API).toBe('/backoffice/api');
  });
});
