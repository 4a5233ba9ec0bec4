import { spaceInfo } from '@backroom/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePerms } from '../../../core/permission';
import { ImagesInput, ImageThumbs, type ImageWords } from './images-input';

// The picker opens only on a click of "add": what it would load is not this test's business.
vi.mock('./file-picker-dialog', () => ({ FilePickerDialog: () => null }));

const PHOTOS: ImageWords = {
  picture: (index) => `Prize photo ${index}`,
  remove: (index) => `Remove photo ${index}`,
  add: 'Add photos',
  noPicker: 'No file space',
};

beforeEach(() => usePerms.getState().setPerms([spaceInfo.perms.page]));
afterEach(cleanup);

describe('ImagesInput', () => {
  it('names its pictures in the words it is given, removes one, and offers more until the limit', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ImagesInput value={['a.png', 'b.png']} onChange={onChange} limit={3} words={PHOTOS} />,
    );
    expect(screen.getByAltText('Prize photo 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(onChange).toHaveBeenCalledWith(['b.png']);
    expect(screen.getByRole('button', { name: /Add photos/ })).toBeTruthy();
    rerender(<ImagesInput value={['a.png', 'b.png', 'c.png']} onChange={onChange} limit={3} words={PHOTOS} />);
    expect(screen.queryByRole('button', { name: /Add photos/ })).toBeNull();
  });

  it('says so when empty for an operator who may not open the file space', () => {
    usePerms.getState().setPerms([]);
    render(<ImagesInput value={[]} words={PHOTOS} />);
    expect(screen.getByText('No file space')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows thumbnails in the same words, and a dash for none', () => {
    render(<ImageThumbs urls={['a.png']} words={PHOTOS} />);
    expect(screen.getByAltText('Prize photo 1')).toBeTruthy();
    cleanup();
    render(<ImageThumbs urls={[]} />);
    expect(screen.getByText('—')).toBeTruthy();
  });
});
