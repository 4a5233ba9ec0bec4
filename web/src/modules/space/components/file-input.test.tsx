import { spaceInfo } from '@backroom/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePerms } from '../../../core/permission';
import { FileInput } from './file-input';

const picked = vi.hoisted(() => ({ url: '' }));
const request = vi.hoisted(() => ({
  fetchFile: vi.fn(async (url: string) => ({ blob: new Blob(['x']), name: url.split('/').pop() ?? '' })),
  saveFile: vi.fn(),
}));

// The picker answers one file at once, as a click in it would.
vi.mock('./file-picker-dialog', () => ({
  FilePickerDialog: ({ open, onPick }: { open: boolean; onPick: (files: Array<{ url: string }>) => void }) =>
    open ? (
      <button type="button" onClick={() => onPick([{ url: picked.url }])}>
        pick
      </button>
    ) : null,
}));
vi.mock('../../../core/request', () => request);

const SIGNED = '/upload/20261201/0b1c.xlsx?expires=1764600000&signature=abc';

beforeEach(() => usePerms.getState().setPerms([spaceInfo.perms.page]));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('FileInput with a private file', () => {
  it('keeps a document picked from the space without its link’s signature, which expires', () => {
    const onChange = vi.fn();
    picked.url = SIGNED;
    render(<FileInput value="" onChange={onChange} />);
    fireEvent.click(screen.getByTestId('space-file-input-choose'));
    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(onChange).toHaveBeenCalledWith('/upload/20261201/0b1c.xlsx');
    // An image keeps its address as it is.
    picked.url = '/upload/20261201/0b1c.png';
    fireEvent.click(screen.getByTestId('space-file-input-choose'));
    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(onChange).toHaveBeenLastCalledWith('/upload/20261201/0b1c.png');
  });

  it('opens a bare document address with the session, and leaves signed links and images to the browser', async () => {
    const { rerender } = render(<FileInput value="/upload/20261201/0b1c.xlsx" />);
    fireEvent.click(screen.getByTestId('space-file-input-open'));
    expect(request.fetchFile).toHaveBeenCalledWith('/upload/20261201/0b1c.xlsx');
    await vi.waitFor(() => expect(request.saveFile).toHaveBeenCalledTimes(1));
    for (const value of [SIGNED, '/upload/20261201/0b1c.png', 'https://elsewhere.example/a.pdf']) {
      request.fetchFile.mockClear();
      rerender(<FileInput value={value} />);
      fireEvent.click(screen.getByTestId('space-file-input-open'));
      expect(request.fetchFile, value).not.toHaveBeenCalled();
    }
  });
});
