// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The sandbox stand-in for the sanctions oracle Chainalysis deploys on EVM chains
/// (docs/protocol.md "Sanctions screening"): the same read interface, `isSanctioned(address)`,
/// placed at the production address by lib/devnet/setup-chain.ts and seeded with the
/// sandbox's test wallets. The owner adds and removes entries as the real oracle's owner does.
contract SandboxSanctionsOracle {
    address public owner;
    mapping(address => bool) private sanctioned;

    event SanctionedAddressesAdded(address[] addrs);
    event SanctionedAddressesRemoved(address[] addrs);

    constructor(address[] memory initial) {
        owner = msg.sender;
        for (uint256 i = 0; i < initial.length; i++) sanctioned[initial[i]] = true;
        emit SanctionedAddressesAdded(initial);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not the owner");
        _;
    }

    function addToSanctionsList(address[] calldata addrs) external onlyOwner {
        for (uint256 i = 0; i < addrs.length; i++) sanctioned[addrs[i]] = true;
        emit SanctionedAddressesAdded(addrs);
    }

    function removeFromSanctionsList(address[] calldata addrs) external onlyOwner {
        for (uint256 i = 0; i < addrs.length; i++) sanctioned[addrs[i]] = false;
        emit SanctionedAddressesRemoved(addrs);
    }

    function isSanctioned(address addr) external view returns (bool) {
        return sanctioned[addr];
    }
}
