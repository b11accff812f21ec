import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomeFaq } from './home-faq';

function renderFaq() {
  const router = createMemoryRouter([{ path: '/', element: <HomeFaq /> }]);
  render(<RouterProvider router={router} />);
}

function questions() {
  return screen.getAllByRole('button');
}

function openPanels() {
  return questions().filter((button) => button.getAttribute('aria-expanded') === 'true');
}

function panelOf(button: HTMLElement) {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('The question controls no panel');
  return panel;
}

describe('HomeFaq', () => {
  it('has four questions in the faq section and a figure instead of a video', () => {
    renderFaq();
    expect(questions()).toHaveLength(4);
    expect(document.getElementById('faq')).not.toBeNull();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('figure').querySelector('img')?.getAttribute('src')).toBe(
      '/images/faq-960.webp',
    );
  });

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    renderFaq();
    const [first, second, third] = questions();
    if (!first || !second || !third) throw new Error('Expected FAQ questions');

    await user.click(second);
    expect(openPanels()).toEqual([second]);
    expect(panelOf(second).hidden).toBe(false);
    expect(panelOf(first).hidden).toBe(true);

    await user.click(third);
    expect(openPanels()).toEqual([third]);
    expect(panelOf(second).hidden).toBe(true);
    expect(panelOf(third).hidden).toBe(false);
  });

  it('closes the open answer when its question is clicked again', async () => {
    const user = userEvent.setup();
    renderFaq();
    const third = questions()[2];
    if (!third) throw new Error('Expected a third question');
    await user.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('true');
    await user.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('false');
    expect(openPanels()).toHaveLength(0);
    expect(panelOf(third).hidden).toBe(true);
  });

  it('answers with the shop policy terms', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(screen.getByRole('button', { name: /cancel or return/i }));
    const answer = panelOf(screen.getByRole('button', { name: /cancel or return/i }));
    expect(answer.textContent).toContain('24 hours');
    expect(answer.textContent).toContain('14 days of delivery');
    expect(answer.textContent).toContain('7-10 business days');
  });
});
