import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { json, stubFetch } from '../../test/stubFetch';
import { NewsPanel } from './NewsPanel';

afterEach(() => vi.unstubAllGlobals());

const withNews = (html: string) =>
  stubFetch(async (request) =>
    new URL(request.url).pathname.endsWith('/dynamicText/1')
      ? json({ dynamicText: html })
      : json({ dynamicText: '' }),
  );

it('shows plain news as it is written', async () => {
  withNews('<h3>Ny version</h3><p>Läs mer i <a href="https://www.inera.se/">manualen</a>.</p>');
  renderInApp(<NewsPanel />, { path: '/' });
  expect(await screen.findByRole('heading', { level: 3, name: 'Ny version' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'manualen' })).toHaveAttribute('href', 'https://www.inera.se/');
});

it('cleans any other markup before it is shown', async () => {
  withNews('<h3>Ny version</h3><img src="x.png" onerror="alert(1)"><p onclick="alert(1)">Hej</p>');
  const { container } = renderInApp(<NewsPanel />, { path: '/' });
  const news = await waitFor(() => {
    const element = container.querySelector('.start-news');
    expect(element).not.toBeNull();
    return element!;
  });
  expect(news.innerHTML).not.toMatch(/onerror|onclick|alert/);
  expect(news).toHaveTextContent('Hej');
  expect(screen.queryByRole('status')).toBeNull();
});
