"""routecfg lsp driven by pytest-lsp: a third-party client (pygls) that checks every message
against LSP 3.17 and the client's declared capabilities. Run by .ci/run; set ROUTECFG to the
binary under test."""

import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROUTECFG = os.environ.get("ROUTECFG", str(ROOT / ".build" / "debug" / "routecfg"))
INVALID = ROOT / "manifests" / "invalid" / "login-adapter.yaml"
NOTE_APP = ROOT / "manifests" / "NoteApp.yaml"
CHECKOUT = ROOT / "manifests" / "ShopApp" / "Checkout" / "checkout.yaml"


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    for number, line in enumerate(text.split("\n")):
        if needle in line:
            return types.Position(line=number, character=len(line[: line.index(needle)].encode("utf-16-le")) // 2 + offset)
    raise AssertionError(f"{needle!r} not found")


def open_document(client: LanguageClient, path: pathlib.Path) -> tuple[str, str]:
    text = path.read_text()
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
        )
    )
    return uri, text


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[ROUTECFG, "lsp"]),
    params=["visual-studio-code", "neovim", "emacs"],
)
async def client(lsp_client: LanguageClient, request):
    # The clients let servers register for watched files, and the server asks to: agree.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        assert params.registrations[0].method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=ROOT.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_diagnostics(client: LanguageClient):
    uri, _ = open_document(client, INVALID)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = [diagnostic.code for diagnostic in client.diagnostics[uri]]
    assert codes == ["RC0606", "RC0601"]
    missing_adapter = client.diagnostics[uri][0]
    # A link to the code's documentation only for a client that declares it takes one (VS Code
    # does, Neovim does not).
    declared = client.capabilities.text_document.publish_diagnostics.code_description_support
    if declared:
        assert missing_adapter.code_description.href.endswith("#rc0606-missingadapter")
    else:
        assert missing_adapter.code_description is None
    # Notes as related information for a client that takes it (VS Code and Neovim do, Emacs's
    # eglot does not), otherwise at the end of the message.
    if client.capabilities.text_document.publish_diagnostics.related_information:
        assert missing_adapter.related_information[0].message == "'delegate' is declared here"
    else:
        assert missing_adapter.related_information is None
        assert "'delegate' is declared here" in missing_adapter.message


async def test_navigation_and_hover(client: LanguageClient):
    uri, text = open_document(client, NOTE_APP)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    where = position_of(text, "provides: [NoteDetailInput]", 12)
    document = types.TextDocumentIdentifier(uri=uri)
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=where))
    assert definition[0].range.start == position_of(text, "NoteDetailInput:")
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=where))
    assert "inherited from NoteSummaryInput" in hover.contents.value
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document, position=where, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert len(references) == 2
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [symbol.name for symbol in symbols][:4] == ["routecfg", "app", "scheme", "fallback"]


async def test_completion(client: LanguageClient):
    uri, text = open_document(client, NOTE_APP)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    where = position_of(text, "message: notifyString", 9)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=where)
    )
    assert [item.label for item in result.items] == ["delegate", "notifyString"]
    resolved = await client.completion_item_resolve_async(result.items[0])
    assert resolved.label == "delegate"


async def test_included_file(client: LanguageClient):
    uri, _ = open_document(client, CHECKOUT)
    # The root manifest publishes for each of its files; wait for this one's.
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []
