import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type PendingPicture, PicturePicker, pendingPictures } from './picture-picker';

let frames: FrameRequestCallback[] = [];
const drawFrames = () => {
  const due = frames;
  frames = [];
  for (const frame of due) frame(0);
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function Picker() {
  const [pictures, setPictures] = useState<PendingPicture[]>(() =>
    pendingPictures(
      ['a.png', 'b.png'].map((name) => new File([name], name, { type: 'image/png' })),
    ),
  );
  return (
    <PicturePicker pictures={pictures} onChange={setPictures} defaultAlt="Mint Makhana 100g" />
  );
}

const order = () =>
  screen.getAllByTestId('chosen-picture').map((tile) => tile.querySelector('img')?.src);

it('gives focus back to the moved picture once the list has drawn', async () => {
  const user = userEvent.setup();
  render(<Picker />);
  screen.getByRole('button', { name: 'Move picture 1 later' }).focus();
  await user.keyboard('{Enter}');
  expect(order()).toEqual(['blob:b.png', 'blob:a.png']);
  drawFrames();
  // a.png is last now: its "later" button is off, so focus lands on its "earlier" one.
  expect(document.activeElement).toBe(
    screen.getByRole('button', { name: 'Move picture 2 earlier' }),
  );
});

it('leaves focus where the owner went before the list drew, so typing there moves nothing', async () => {
  const user = userEvent.setup();
  render(<Picker />);
  screen.getByRole('button', { name: 'Move picture 1 later' }).focus();
  await user.keyboard('{Enter}');
  const describe = screen.getByLabelText('Picture 2: what it shows');
  await user.click(describe);
  drawFrames();
  expect(document.activeElement).toBe(describe);
  await user.keyboard('Pouch, back');
  expect(order()).toEqual(['blob:b.png', 'blob:a.png']);
  expect(screen.getByRole('img', { name: 'Pouch, back' }).getAttribute('src')).toBe('blob:a.png');
});
