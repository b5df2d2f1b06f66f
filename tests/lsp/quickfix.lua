-- Drives Neovim's own LSP client against `pdnkit lsp` (run by tests/lsp/neovim.rs):
-- opens the faulty file $PDN_FILE, waits for the server's diagnostics, asks for the code
-- actions of the move that cannot be played, applies the preferred one as the editor does, waits for the
-- diagnostics of the edited buffer, and writes the buffer to $PDN_OUT. Any failure exits
-- with status 1 and a message on stderr. Written for Neovim 0.7 (Debian 12) and later.

local function fail(message)
  io.stderr:write("quickfix.lua: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function codes(list)
  local out = {}
  for _, d in ipairs(list) do
    table.insert(out, d.lnum .. ":" .. tostring(d.user_data.lsp.code))
  end
  return out
end

local function run()
  local file = os.getenv("PDN_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "pdnkit",
    cmd = { os.getenv("PDNKIT"), "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  if not id then
    return fail("the client did not start")
  end
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)

  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
    return fail("no diagnostics were published")
  end
  local before = vim.diagnostic.get(buf)
  -- The fault: a move that cannot be played.
  local stops = { ["illegal-move"] = true, ["no-piece"] = true, ["wrong-side"] = true,
    ["unknown-square"] = true }
  local fault
  for _, d in ipairs(before) do
    if stops[d.user_data.lsp.code] and not fault then
      fault = d
    end
  end
  if not fault then
    return fail("no move that cannot be played among " .. table.concat(codes(before), " "))
  end
  local fault_code = fault.user_data.lsp.code

  -- (Neovim 0.7 keeps the diagnostic's place in lnum and col, not in its range.)
  local range = {
    start = { line = fault.lnum, character = fault.col },
    ["end"] = { line = fault.end_lnum, character = fault.end_col },
  }
  local diagnostic = vim.tbl_extend("force", fault.user_data.lsp, {
    range = range,
    message = fault.message,
    severity = fault.severity,
    source = fault.source,
  })
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = range,
    context = { diagnostics = { diagnostic } },
  }
  local answer = client.request_sync("textDocument/codeAction", params, 30000, buf)
  if not answer or answer.err or not answer.result then
    return fail("no answer to textDocument/codeAction: " .. vim.inspect(answer))
  end
  local chosen
  for _, action in ipairs(answer.result) do
    if action.isPreferred then
      chosen = action
    end
  end
  if not chosen then
    return fail("no preferred code action")
  end
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)

  -- The server answers the edit with new diagnostics, without the fault.
  local fixed = vim.wait(30000, function()
    local now = vim.diagnostic.get(buf)
    for _, d in ipairs(now) do
      if d.user_data.lsp.code == fault_code and d.lnum == fault.lnum then
        return false
      end
    end
    return true
  end, 20)
  if not fixed then
    return fail("the " .. fault_code .. " diagnostic is still there")
  end
  local after = vim.diagnostic.get(buf)
  local seen = {}
  for _, c in ipairs(codes(before)) do
    seen[c] = true
  end
  for _, c in ipairs(codes(after)) do
    if not seen[c] then
      return fail("a new diagnostic appeared: " .. c)
    end
  end
  vim.cmd("write! " .. vim.fn.fnameescape(os.getenv("PDN_OUT")))
  vim.lsp.stop_client(id)
  vim.cmd("qall!")
end

local ok, err = pcall(run)
if not ok then
  fail(tostring(err))
end
